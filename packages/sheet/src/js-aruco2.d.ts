// js-aruco2 ships no types; only the dictionary is used here.
declare module 'js-aruco2' {
  const aruco: {
    readonly AR: {
      readonly Dictionary: new (name: string) => unknown;
    };
  };
  export default aruco;
}
