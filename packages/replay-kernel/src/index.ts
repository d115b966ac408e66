export { ReplayKernel } from './replay-kernel.js';
