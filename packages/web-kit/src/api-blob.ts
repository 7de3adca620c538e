import { ApiError } from './api-error';
import { fetchOrFail, metaOf, readJson, type ApiAnswer, type ApiWording } from './api-transport';

/**
 * An authorised binary download (a deposit's screenshot): an <img src> cannot carry the bearer header,
 * so the bytes are fetched here and shown through an object URL. `url` must be a same-origin API path.
 * Resolves with the bytes, or with the JSON answer that came instead as `failed` (an HTTP failure, or an envelope
 * with a business outcome) for the app to turn into its ApiError. Its own module, so that an app can
 * leave it out of its first load.
 */
export async function fetchApiBlob(
  url: string,
  token: string | null,
  wording: ApiWording,
  signal?: AbortSignal,
): Promise<{ blob: Blob } | { failed: ApiAnswer }> {
  if (!url.startsWith('/api/')) throw new ApiError(0, 0, 'Unexpected address');
  const response = await fetchOrFail(
    url,
    { headers: token === null ? {} : { Authorization: `Bearer ${token}` }, ...(signal ? { signal } : {}) },
    wording,
  );
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('json')) return { blob: await response.blob() };
  const body = await readJson(response);
  return { failed: { response, body, meta: metaOf(body) } };
}
