/** What Chromium painted, read back in the page (the harness's `page-pixels` command); not a test file itself. */
import { executeServerCommand } from '@web/test-runner-commands';

export interface Painted {
  width: number;
  height: number;
  /** The pixel at (x, y) of the box, in device pixels: `[r, g, b, a]`. */
  at(x: number, y: number): [number, number, number, number];
}

/** The pixels Chromium painted in a box of the viewport (CSS px). */
export async function paintedPixels(box: { x: number; y: number; width: number; height: number }): Promise<Painted> {
  const png = await executeServerCommand<string, typeof box>('page-pixels', box);
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  return {
    width,
    height,
    at: (x, y) => {
      const i = (y * width + x) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    },
  };
}

/** A CSS colour as `[r, g, b]`, resolved by Chromium in `root` (custom properties included). */
export function resolvedColour(root: ShadowRoot | Element, colour: string): [number, number, number] {
  const probe = document.createElement('span');
  probe.style.color = colour;
  root.append(probe);
  const [r, g, b] = getComputedStyle(probe).color.match(/[\d.]+/g)!.map(Number);
  probe.remove();
  return [r!, g!, b!];
}
