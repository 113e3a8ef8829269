/** Writes a badge `Scene` as a standalone SVG document. */
import type { Scene, Shape } from './design.js';
import { textPixels } from './font.js';

const n = (v: number) => String(Math.round(v * 100) / 100);

function shapeSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'rrect':
      return `<rect x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.w)}" height="${n(shape.h)}" rx="${n(shape.r)}" fill="${shape.fill}"/>`;
    case 'circle':
      return `<circle cx="${n(shape.cx)}" cy="${n(shape.cy)}" r="${n(shape.r)}" fill="${shape.fill}"/>`;
    case 'rect':
      return `<rect x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.w)}" height="${n(shape.h)}" fill="${shape.fill}"/>`;
    case 'stroke':
      return `<polyline points="${shape.points.map((p) => `${n(p[0])},${n(p[1])}`).join(' ')}" fill="none" stroke="${shape.color}" stroke-width="${n(shape.width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'text': {
      // The same pixel font as the PNG, as one path, so both formats show identical lettering.
      const s = shape.scale;
      const d = textPixels(shape.text)
        .map(([c, r]) => `M${n(shape.x + c * s)} ${n(shape.y + r * s)}h${s}v${s}h-${s}z`)
        .join('');
      return `<path d="${d}" fill="${shape.fill}"/>`;
    }
  }
}

export function renderSvg(scene: Scene): string {
  const { width, height, title } = scene;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    scene.shapes.map(shapeSvg).join('') +
    `</svg>`
  );
}
