/**
 * Pen strokes onto an ink layer: a transparent canvas whose alpha is where the pen went and whose grey is how hard
 * it pressed (black = full). The paper model later turns that into ink of a colour; keeping one opaque layer means
 * overlapping segments of a line do not darken their joints.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { PenStroke } from './pen-stroke.js';

export function drawStrokes(context: SKRSContext2D, strokes: readonly PenStroke[]): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const { points, widths, darkness } = stroke;
    if (points.length === 1) {
      dot(context, points[0][0], points[0][1], widths[0], darkness[0]);
      continue;
    }
    for (let index = 1; index < points.length; index += 1) {
      const grey = Math.round(255 * (1 - (darkness[index - 1] + darkness[index]) / 2));
      context.strokeStyle = `rgb(${grey},${grey},${grey})`;
      context.lineWidth = Math.max(0.6, (widths[index - 1] + widths[index]) / 2);
      context.beginPath();
      context.moveTo(points[index - 1][0], points[index - 1][1]);
      context.lineTo(points[index][0], points[index][1]);
      context.stroke();
    }
  }
}

function dot(context: SKRSContext2D, x: number, y: number, width: number, darkness: number): void {
  const grey = Math.round(255 * (1 - darkness));
  context.fillStyle = `rgb(${grey},${grey},${grey})`;
  context.beginPath();
  context.arc(x, y, Math.max(0.4, width / 2), 0, 2 * Math.PI);
  context.fill();
}
