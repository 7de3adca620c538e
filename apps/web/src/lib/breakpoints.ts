/** Desktop from this width up: the desktop toast, header navigation and dropdown menu. */
export const DESKTOP_QUERY = '(min-width: 768px)';
