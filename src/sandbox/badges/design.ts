/**
 * The badge artwork as a list of simple shapes, so the SVG and the PNG renderers draw the
 * same picture from one description. Everything is a pure function of the options.
 */
import { GLYPH_HEIGHT, textWidth } from './font.js';

export type BadgeCredential = 'kyi_verified' | 'proof_of_collateral';
export type BadgeTheme = 'dark' | 'light';
export type BadgeVariant = 'icon' | 'full';

export interface BadgeArt {
  credentialType: BadgeCredential;
  variant: BadgeVariant;
  theme: BadgeTheme;
  /** Pixel size of the icon (16, 24 or 32); ignored for `full`. */
  px: number;
}

export type Point = readonly [number, number];
export type Shape =
  | { kind: 'rrect'; x: number; y: number; w: number; h: number; r: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'stroke'; points: readonly Point[]; width: number; color: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | { kind: 'text'; x: number; y: number; scale: number; text: string; fill: string };

export interface Scene {
  width: number;
  height: number;
  title: string;
  shapes: Shape[];
}

export const BADGE_LABELS: Record<BadgeCredential, string> = {
  kyi_verified: 'KYI Verified',
  proof_of_collateral: 'Proof of Collateral',
};

const ACCENT: Record<BadgeCredential, Record<BadgeTheme, string>> = {
  kyi_verified: { dark: '#34d399', light: '#047857' },
  proof_of_collateral: { dark: '#60a5fa', light: '#1d4ed8' },
};
const MARK: Record<BadgeTheme, string> = { dark: '#0b1220', light: '#ffffff' };
const PILL: Record<BadgeTheme, { bg: string; border: string; text: string }> = {
  dark: { bg: '#111827', border: '#374151', text: '#f9fafb' },
  light: { bg: '#ffffff', border: '#d1d5db', text: '#111827' },
};

/** Height of the `full` pill, whatever `size` says (spec 4.1 badge rule 2). */
export const PILL_HEIGHT = 32;

/** The credential's mark inside the box (x, y, side). */
function mark(credential: BadgeCredential, x: number, y: number, s: number, color: string): Shape[] {
  const p = (u: number, v: number): Point => [x + u * s, y + v * s];
  if (credential === 'kyi_verified') {
    return [{ kind: 'stroke', points: [p(0.27, 0.53), p(0.43, 0.69), p(0.74, 0.34)], width: s * 0.13, color }];
  }
  // Proof of collateral: a stack of three bars.
  return [0.27, 0.45, 0.63].map((v) => ({ kind: 'rect' as const, x: x + 0.25 * s, y: y + v * s, w: 0.5 * s, h: 0.11 * s, fill: color }));
}

export function badgeScene(art: BadgeArt): Scene {
  const accent = ACCENT[art.credentialType][art.theme];
  const title = BADGE_LABELS[art.credentialType];
  if (art.variant === 'icon') {
    const s = art.px;
    return {
      width: s,
      height: s,
      title,
      shapes: [{ kind: 'rrect', x: 0, y: 0, w: s, h: s, r: s * 0.22, fill: accent }, ...mark(art.credentialType, 0, 0, s, MARK[art.theme])],
    };
  }
  const h = PILL_HEIGHT;
  const scale = 2;
  const label = title.toUpperCase();
  const textX = 34;
  const width = textX + textWidth(label) * scale + 12;
  const pill = PILL[art.theme];
  return {
    width,
    height: h,
    title,
    shapes: [
      { kind: 'rrect', x: 0, y: 0, w: width, h, r: h / 2, fill: pill.border },
      { kind: 'rrect', x: 1, y: 1, w: width - 2, h: h - 2, r: h / 2 - 1, fill: pill.bg },
      { kind: 'circle', cx: 16, cy: 16, r: 11, fill: accent },
      ...mark(art.credentialType, 5, 5, 22, MARK[art.theme]),
      { kind: 'text', x: textX, y: (h - GLYPH_HEIGHT * scale) / 2, scale, text: label, fill: pill.text },
    ],
  };
}
