import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../app/provider';

/**
 * What a test may leave behind in the worker's one jsdom (the player app's files share it, decision 0079),
 * undone after every test by test-setup.ts. Imported once per worker, so the blank document is the one jsdom
 * started with.
 */
const blank = { head: document.head.innerHTML, title: document.title, url: window.location.href };

const clients = new Set<QueryClient>();

/** A query client for a test's render; its queries, retries and mutations end with the test. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  clients.add(client);
  return client;
}

/** Stops every query client's work (a retry timer, a refetch) so none answers into the next test. */
export function clearQueryClients(): void {
  for (const client of clients) client.clear();
  clients.clear();
}

/** The document as jsdom started it: no attributes on <html> or <body>, nothing a page added to <head>. */
export function resetDocument(): void {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.head.innerHTML = blank.head;
  document.title = blank.title;
  // A property a test defined on the document (e.g. visibilityState) goes back to jsdom's own.
  for (const name of ['visibilityState', 'hidden'] as const)
    if (Object.getOwnPropertyDescriptor(document, name)) Reflect.deleteProperty(document, name);
  // A fresh entry at the end of the history, at the start address: no forward entries, no marker.
  window.history.pushState(null, '', blank.url);
}
