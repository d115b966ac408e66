// js-aruco2 ships no types; these are the parts find-markers.ts calls.
declare module 'js-aruco2' {
  export interface ArucoPoint {
    x: number;
    y: number;
  }
  export interface ArucoImage {
    width: number;
    height: number;
    data: Uint8Array | Uint8ClampedArray;
  }
  export interface ArucoMarker {
    readonly id: number;
    readonly corners: ArucoPoint[];
    readonly hammingDistance: number;
  }
  export interface ArucoDetector {
    findCandidates(contours: ArucoPoint[][], minSize: number, epsilon: number, minLength: number): ArucoPoint[][];
    clockwiseCorners(candidates: ArucoPoint[][]): ArucoPoint[][];
    notTooNear(candidates: ArucoPoint[][], minDistance: number): ArucoPoint[][];
    findMarkers(grey: ArucoImage, candidates: ArucoPoint[][], warpSize: number): ArucoMarker[];
  }
  const aruco: {
    readonly AR: {
      readonly Detector: new (config: { dictionaryName: string; maxHammingDistance?: number }) => ArucoDetector;
    };
  };
  export default aruco;
}

declare module 'js-aruco2/src/cv.js' {
  import type { ArucoImage, ArucoPoint } from 'js-aruco2';
  const cv: {
    readonly CV: {
      findContours(binary: ArucoImage, scratch: number[]): ArucoPoint[][];
    };
  };
  export default cv;
}
