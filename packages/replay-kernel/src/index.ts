export { CANNOT_HOLD, ReplayKernel, compiledKernel, useCompiledKernel, type CompiledKernel, type MoveSummary, type ResultMarker } from './replay-kernel.js';
