/**
 * The games' pictures, drawn as SVG and shipped with the game, so they look the same on every phone
 * (emoji depend on the phone's fonts: Debian Chromium shows empty boxes for most of them).
 */
const svg = (body: string, label: string) =>
  `<svg viewBox="0 0 64 64" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

const PICTURES: Record<string, [label: string, body: string]> = {
  LOTUS: [
    'Lotus',
    '<g fill="#f48fb1" stroke="#ad1457" stroke-width="1.5"><ellipse cx="32" cy="30" rx="7" ry="18"/><ellipse cx="32" cy="30" rx="7" ry="18" transform="rotate(-35 32 44)"/><ellipse cx="32" cy="30" rx="7" ry="18" transform="rotate(35 32 44)"/><ellipse cx="32" cy="34" rx="6" ry="14" transform="rotate(-65 32 46)"/><ellipse cx="32" cy="34" rx="6" ry="14" transform="rotate(65 32 46)"/></g><path d="M12 52h40" stroke="#2e7d32" stroke-width="4" stroke-linecap="round"/>',
  ],
  PEACOCK: [
    'Peacock',
    '<path d="M32 60 C30 40 30 24 32 8" stroke="#1b5e20" stroke-width="3" fill="none"/><ellipse cx="32" cy="24" rx="16" ry="20" fill="#00897b"/><ellipse cx="32" cy="24" rx="10" ry="13" fill="#fdd835"/><ellipse cx="32" cy="24" rx="7" ry="9" fill="#1565c0"/><ellipse cx="32" cy="24" rx="3.5" ry="5" fill="#0d1b4c"/>',
  ],
  ELEPHANT: [
    'Elephant',
    '<ellipse cx="36" cy="36" rx="20" ry="14" fill="#90a4ae"/><circle cx="18" cy="28" r="11" fill="#90a4ae"/><path d="M9 31 C4 40 6 50 12 54" stroke="#90a4ae" stroke-width="6" fill="none" stroke-linecap="round"/><ellipse cx="24" cy="27" rx="6" ry="9" fill="#b0bec5"/><circle cx="15" cy="25" r="1.8" fill="#263238"/><rect x="24" y="44" width="7" height="14" rx="2" fill="#78909c"/><rect x="42" y="44" width="7" height="14" rx="2" fill="#78909c"/><path d="M11 34 l-5 4" stroke="#fffde7" stroke-width="3" stroke-linecap="round"/><rect x="28" y="20" width="16" height="6" rx="2" fill="#c62828"/>',
  ],
  TIGER: [
    'Tiger',
    '<circle cx="14" cy="14" r="7" fill="#ef6c00"/><circle cx="50" cy="14" r="7" fill="#ef6c00"/><circle cx="32" cy="34" r="24" fill="#fb8c00"/><ellipse cx="32" cy="44" rx="12" ry="9" fill="#fff3e0"/><g stroke="#212121" stroke-width="3" stroke-linecap="round"><path d="M32 11v8"/><path d="M24 13l2 7"/><path d="M40 13l-2 7"/><path d="M9 32h8"/><path d="M47 32h8"/><path d="M10 40h7"/><path d="M47 40h7"/></g><circle cx="24" cy="30" r="3" fill="#212121"/><circle cx="40" cy="30" r="3" fill="#212121"/><path d="M28 40 l4 4 4-4z" fill="#3e2723"/>',
  ],
  WILD: [
    'Maharaja wild',
    '<path d="M8 44 L12 16 L24 30 L32 10 L40 30 L52 16 L56 44 Z" fill="#fbc02d" stroke="#f57f17" stroke-width="2"/><rect x="8" y="44" width="48" height="9" rx="2" fill="#f9a825"/><circle cx="32" cy="34" r="5" fill="#d81b60"/><circle cx="18" cy="38" r="3" fill="#1e88e5"/><circle cx="46" cy="38" r="3" fill="#43a047"/><text x="32" y="62" font-family="sans-serif" font-size="9" font-weight="900" text-anchor="middle" fill="#fff">WILD</text>',
  ],
  SCATTER: [
    'Diya scatter',
    '<path d="M32 8 C40 20 38 28 32 30 C26 28 24 20 32 8 Z" fill="#ffb300"/><path d="M32 16 C35 22 34 26 32 27 C30 26 29 22 32 16 Z" fill="#fff59d"/><path d="M8 36 H56 C54 50 44 56 32 56 C20 56 10 50 8 36 Z" fill="#bf360c"/><path d="M12 40 H52" stroke="#ffcc80" stroke-width="2"/>',
  ],
  DROP: [
    'Raindrop',
    '<path d="M32 6 C44 24 50 32 50 42 A18 18 0 0 1 14 42 C14 32 20 24 32 6 Z" fill="#29b6f6" stroke="#0277bd" stroke-width="2"/><ellipse cx="25" cy="40" rx="4" ry="7" fill="#e1f5fe"/>',
  ],
  LEAF: [
    'Leaf',
    '<path d="M10 54 C10 24 30 8 56 8 C56 34 40 54 10 54 Z" fill="#66bb6a" stroke="#2e7d32" stroke-width="2"/><path d="M10 54 L46 18" stroke="#1b5e20" stroke-width="2.5"/>',
  ],
  AMBER: [
    'Amber',
    '<polygon points="32,6 54,19 54,45 32,58 10,45 10,19" fill="#ffa000" stroke="#e65100" stroke-width="2"/><polygon points="32,14 46,22 46,42 32,50 18,42 18,22" fill="#ffca28"/>',
  ],
  EMERALD: [
    'Emerald',
    '<polygon points="22,6 42,6 56,20 56,44 42,58 22,58 8,44 8,20" fill="#00c853" stroke="#1b5e20" stroke-width="2"/><rect x="20" y="18" width="24" height="28" fill="#69f0ae"/>',
  ],
  SAPPHIRE: [
    'Sapphire',
    '<polygon points="32,4 58,30 32,60 6,30" fill="#2962ff" stroke="#0d47a1" stroke-width="2"/><polygon points="32,14 46,30 32,48 18,30" fill="#82b1ff"/>',
  ],
  RUBY: [
    'Ruby',
    '<polygon points="14,10 50,10 60,26 32,58 4,26" fill="#d50000" stroke="#7f0000" stroke-width="2"/><polygon points="20,14 44,14 50,26 32,48 14,26" fill="#ff5252"/><path d="M4 26 H60" stroke="#7f0000" stroke-width="1.5"/>',
  ],
  RAINBOW: [
    'Rainbow wild',
    '<g fill="none" stroke-width="5"><path d="M6 46 A26 26 0 0 1 58 46" stroke="#e53935"/><path d="M11 46 A21 21 0 0 1 53 46" stroke="#fb8c00"/><path d="M16 46 A16 16 0 0 1 48 46" stroke="#fdd835"/><path d="M21 46 A11 11 0 0 1 43 46" stroke="#43a047"/><path d="M26 46 A6 6 0 0 1 38 46" stroke="#1e88e5"/></g><text x="32" y="60" font-family="sans-serif" font-size="9" font-weight="900" text-anchor="middle" fill="#fff">WILD</text>',
  ],
  CLOUD: [
    'Thundercloud scatter',
    '<path d="M16 40 A10 10 0 0 1 18 20 A14 14 0 0 1 44 18 A11 11 0 0 1 48 40 Z" fill="#78909c"/><path d="M34 36 L26 50 H33 L28 62 L42 44 H35 L40 36 Z" fill="#ffeb3b" stroke="#f57f17" stroke-width="1"/>',
  ],
};

/** The SVG of a slot symbol, or null for card letters (10, J, Q, K, A), which are plain text. */
export function symbolSvg(id: string): string | null {
  const picture = PICTURES[id];
  return picture === undefined ? null : svg(picture[1], picture[0]);
}

const SUIT_PATHS = {
  spades: 'M32 6 C20 22 8 28 8 40 A11 11 0 0 0 29 45 L24 58 H40 L35 45 A11 11 0 0 0 56 40 C56 28 44 22 32 6 Z',
  hearts: 'M32 58 C18 46 6 36 6 22 A13 13 0 0 1 32 16 A13 13 0 0 1 58 22 C58 36 46 46 32 58 Z',
  diamonds: 'M32 4 L54 32 L32 60 L10 32 Z',
  clubs: 'M32 6 A11 11 0 0 1 41 25 A11 11 0 1 1 37 44 L40 58 H24 L27 44 A11 11 0 1 1 23 25 A11 11 0 0 1 32 6 Z',
} as const;

/** A suit pip as SVG, in the card's colour. */
export function suitSvg(suit: keyof typeof SUIT_PATHS): string {
  const colour = suit === 'hearts' || suit === 'diamonds' ? '#c21f2b' : '#1b1b1b';
  return `<svg viewBox="0 0 64 64" aria-hidden="true" xmlns="http://www.w3.org/2000/svg"><path d="${SUIT_PATHS[suit]}" fill="${colour}"/></svg>`;
}
