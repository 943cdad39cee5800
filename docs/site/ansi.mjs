// Turns a terminal screen captured with `tmux capture-pane -e -p` (text with SGR escape sequences) into HTML spans,
// so a screenshot of op dev can be rendered from a real terminal run.

const BASIC = ['#1e1e1e', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5'];
const BRIGHT = ['#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff'];

/** The colour of xterm's 256-colour palette entry `n`. */
function xterm256(n) {
  if (n < 8) return BASIC[n];
  if (n < 16) return BRIGHT[n - 8];
  if (n < 232) {
    const i = n - 16;
    const level = (v) => (v === 0 ? 0 : 55 + v * 40);
    return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
  }
  const grey = 8 + (n - 232) * 10;
  return `rgb(${grey},${grey},${grey})`;
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * HTML for terminal text with SGR sequences: one span per run of equal attributes.
 * @param {string} text
 * @returns {string}
 */
export function ansiToHtml(text) {
  let state = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false };
  let out = '';
  const style = () => {
    const fg = state.inverse ? state.bg ?? '#1e1e1e' : state.fg;
    const bg = state.inverse ? state.fg ?? '#e5e5e5' : state.bg;
    const parts = [];
    if (fg) parts.push(`color:${fg}`);
    if (bg) parts.push(`background:${bg}`);
    if (state.bold) parts.push('font-weight:bold');
    if (state.dim) parts.push('opacity:0.6');
    if (state.italic) parts.push('font-style:italic');
    if (state.underline) parts.push('text-decoration:underline');
    return parts.join(';');
  };
  for (const [i, chunk] of text.split(/\x1b\[([0-9;]*)m/).entries()) {
    if (i % 2 === 0) {
      if (!chunk) continue;
      const css = style();
      out += css ? `<span style="${css}">${escapeHtml(chunk)}</span>` : escapeHtml(chunk);
      continue;
    }
    const codes = chunk === '' ? [0] : chunk.split(';').map(Number);
    for (let k = 0; k < codes.length; k++) {
      const c = codes[k];
      if (c === 0) state = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false };
      else if (c === 1) state.bold = true;
      else if (c === 2) state.dim = true;
      else if (c === 3) state.italic = true;
      else if (c === 4) state.underline = true;
      else if (c === 7) state.inverse = true;
      else if (c === 22) state.bold = state.dim = false;
      else if (c === 23) state.italic = false;
      else if (c === 24) state.underline = false;
      else if (c === 27) state.inverse = false;
      else if (c >= 30 && c <= 37) state.fg = BASIC[c - 30];
      else if (c >= 90 && c <= 97) state.fg = BRIGHT[c - 90];
      else if (c >= 40 && c <= 47) state.bg = BASIC[c - 40];
      else if (c >= 100 && c <= 107) state.bg = BRIGHT[c - 100];
      else if (c === 39) state.fg = null;
      else if (c === 49) state.bg = null;
      else if ((c === 38 || c === 48) && codes[k + 1] === 5) {
        state[c === 38 ? 'fg' : 'bg'] = xterm256(codes[k + 2]);
        k += 2;
      } else if ((c === 38 || c === 48) && codes[k + 1] === 2) {
        state[c === 38 ? 'fg' : 'bg'] = `rgb(${codes[k + 2]},${codes[k + 3]},${codes[k + 4]})`;
        k += 4;
      }
    }
  }
  return out;
}
