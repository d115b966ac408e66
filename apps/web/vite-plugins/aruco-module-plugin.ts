/**
 * js-aruco2 is written for CommonJS through `this` (`this.CV = CV`,
 * `this.CV || require('./cv')`), which a browser bundle cannot run: `this` is
 * undefined in a module. This plugin gives its two files a module wrapper
 * with `this` bound to the exports, and the one `require` resolved to the
 * imported cv module. The library's code itself is untouched.
 */
import type { Plugin } from 'vite';

const ARUCO_FILE = /[\\/]js-aruco2[\\/]src[\\/](aruco|cv)\.js$/;

export function arucoModulePlugin(): Plugin {
  return {
    name: 'zapis-aruco-module',
    enforce: 'pre',
    transform(code, id) {
      const match = ARUCO_FILE.exec(id.split('?')[0]);
      if (!match) return undefined;
      const needsCv = match[1] === 'aruco';
      return {
        code: [
          needsCv ? "import cvModule from './cv.js';" : '',
          'const moduleExports = {};',
          `(function (require) {\n${code}\n}).call(moduleExports, ${needsCv ? '() => cvModule' : 'undefined'});`,
          'export default moduleExports;',
        ].join('\n'),
        map: null,
      };
    },
  };
}
