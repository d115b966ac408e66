export { CANNOT_HOLD, ReplayKernel, type ResultMarker } from './replay-kernel.js';
