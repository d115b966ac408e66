/**
 * Where the sheet lies on the image: a map from sheet coordinates (layout
 * points, origin at the page's top-left, y downwards, as `@zapis/sheet`
 * writes them) to image pixels. A perspective map (homography) in general.
 */
export interface PageMap {
  /** Image pixel (x, y) of the sheet point (x, y). */
  toImage(x: number, y: number): readonly [number, number];
  /** Sheet point of the image pixel, the inverse map. */
  toSheet(x: number, y: number): readonly [number, number];
}
