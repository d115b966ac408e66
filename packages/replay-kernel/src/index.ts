export { CANNOT_HOLD, OUTSIDE_SUBSET, ReplayKernel, type ResultMarker } from './replay-kernel.js';
