// The part of the WebAssembly JavaScript API the kernel host uses: Node 20's
// type definitions and ES2022 leave it out. Kept out of the public API.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
    static exports(module: Module): { readonly name: string; readonly kind: string }[];
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, (...args: number[]) => unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
}
