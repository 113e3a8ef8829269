/** Draws a badge `Scene` into straight RGBA pixels, anti-aliased by 4×4 supersampling. */
import type { Point, Scene, Shape } from './design.js';
import { textPixels } from './font.js';

const SS = 4;

type Inside = (x: number, y: number) => boolean;
interface Box { x0: number; y0: number; x1: number; y1: number }

function hex(color: string): [number, number, number] {
  const n = parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function segmentDistance(px: number, py: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - a[0]) * dx + (py - a[1]) * dy) / len));
  return Math.hypot(px - (a[0] + t * dx), py - (a[1] + t * dy));
}

function geometry(shape: Shape): { inside: Inside; box: Box } {
  switch (shape.kind) {
    case 'rrect': {
      const { x, y, w, h, r } = shape;
      return {
        box: { x0: x, y0: y, x1: x + w, y1: y + h },
        inside: (px, py) => {
          const cx = Math.min(Math.max(px, x + r), x + w - r);
          const cy = Math.min(Math.max(py, y + r), y + h - r);
          return px >= x && px <= x + w && py >= y && py <= y + h && Math.hypot(px - cx, py - cy) <= r;
        },
      };
    }
    case 'circle': {
      const { cx, cy, r } = shape;
      return { box: { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r }, inside: (px, py) => Math.hypot(px - cx, py - cy) <= r };
    }
    case 'rect': {
      const { x, y, w, h } = shape;
      return { box: { x0: x, y0: y, x1: x + w, y1: y + h }, inside: (px, py) => px >= x && px < x + w && py >= y && py < y + h };
    }
    case 'stroke': {
      const half = shape.width / 2;
      const xs = shape.points.map((p) => p[0]);
      const ys = shape.points.map((p) => p[1]);
      const segs = shape.points.slice(1).map((b, i) => [shape.points[i]!, b] as const);
      return {
        box: { x0: Math.min(...xs) - half, y0: Math.min(...ys) - half, x1: Math.max(...xs) + half, y1: Math.max(...ys) + half },
        inside: (px, py) => segs.some(([a, b]) => segmentDistance(px, py, a, b) <= half),
      };
    }
    case 'text': {
      const { x, y, scale } = shape;
      const pixels = textPixels(shape.text);
      const cols = Math.max(0, ...pixels.map(([c]) => c + 1));
      const lit = new Uint8Array(cols * 7);
      for (const [c, r] of pixels) lit[r * cols + c] = 1;
      return {
        box: { x0: x, y0: y, x1: x + cols * scale, y1: y + 7 * scale },
        inside: (px, py) => {
          const c = Math.floor((px - x) / scale);
          const r = Math.floor((py - y) / scale);
          return c >= 0 && c < cols && r >= 0 && r < 7 && lit[r * cols + c] === 1;
        },
      };
    }
  }
}

export function rasterize(scene: Scene): Uint8Array {
  const { width, height } = scene;
  const px = new Float64Array(width * height * 4); // straight RGBA in 0..1
  for (const shape of scene.shapes) {
    const { inside, box } = geometry(shape);
    const [r, g, b] = hex(shape.kind === 'stroke' ? shape.color : shape.fill).map((v) => v / 255) as [number, number, number];
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(width, Math.ceil(box.x1));
    const y1 = Math.min(height, Math.ceil(box.y1));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        let hits = 0;
        for (let sy = 0; sy < SS; sy++) {
          for (let sx = 0; sx < SS; sx++) if (inside(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS)) hits++;
        }
        if (!hits) continue;
        const a = hits / (SS * SS);
        const i = (y * width + x) * 4;
        const da = px[i + 3]!;
        const outA = a + da * (1 - a);
        px[i] = (r * a + px[i]! * da * (1 - a)) / outA;
        px[i + 1] = (g * a + px[i + 1]! * da * (1 - a)) / outA;
        px[i + 2] = (b * a + px[i + 2]! * da * (1 - a)) / outA;
        px[i + 3] = outA;
      }
    }
  }
  const out = new Uint8Array(px.length);
  for (let i = 0; i < px.length; i++) out[i] = Math.round(px[i]! * 255);
  return out;
}
