// The three layouts of `op dev` by terminal size, and the "too small" floor. Every pane has a fixed
// height and the frame is exactly the terminal's size, so ink never takes its full-redraw path.

/** The terminal's size. */
export interface Viewport {
  readonly columns: number;
  readonly rows: number;
}

/** The layout for a size. */
export type LayoutKind = 'wide' | 'medium' | 'narrow' | 'too-small';

/** The smallest terminal op dev draws in. */
export const MIN_SIZE: Viewport = { columns: 50, rows: 12 };

/**
 * Wide (≥ 120×30): Objects and Handlers on the left, details on the right. Medium (≥ 80×20): Objects
 * on the left, details (with a Handlers tab) on the right. Narrow: one pane at a time. Below 50×12: a notice.
 *
 * @example
 * ```ts
 * chooseLayout({ columns: 90, rows: 24 }); // 'medium'
 * ```
 */
export function chooseLayout(size: Viewport): LayoutKind {
  if (size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows) return 'too-small';
  if (size.columns >= 120 && size.rows >= 30) return 'wide';
  if (size.columns >= 80 && size.rows >= 20) return 'medium';
  return 'narrow';
}

/** The first row of a window of `height` rows that keeps `cursor` visible with `margin` rows around it. */
export function scrollWindow(previous: number, cursor: number, height: number, total: number, margin = 2): number {
  if (height <= 0 || total <= height) return 0;
  const room = Math.min(margin, Math.floor((height - 1) / 2));
  let first = previous;
  if (cursor < first + room) first = cursor - room;
  if (cursor > first + height - 1 - room) first = cursor - height + 1 + room;
  return Math.max(0, Math.min(first, total - height));
}
