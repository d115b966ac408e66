/** Errors as values: the one Result of zapis, @zapis/core's (user input fails with a reason, never with a throw). */
export { type Result, ok, err } from '@zapis/core';
