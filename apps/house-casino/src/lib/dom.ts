/** A tiny element builder: h('div', { class: 'x', onclick }, children…). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function')
      element.addEventListener(key.slice(2), value as EventListener);
    else if (key === 'class') element.className = String(value);
    else if (key === 'text') element.textContent = String(value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

export function clear(element: Element): void {
  while (element.firstChild !== null) element.firstChild.remove();
}

const toastHost = () =>
  document.getElementById('toast') ??
  document.body.appendChild(h('div', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite' }));

/** A short message at the bottom of the frame. */
export function toast(message: string, kind: 'info' | 'error' | 'win' = 'info'): void {
  const host = toastHost();
  const item = h('div', { class: `toast-item toast-${kind}`, 'data-testid': 'toast' }, message);
  host.append(item);
  setTimeout(() => item.remove(), 3500);
}
