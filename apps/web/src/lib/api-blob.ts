import { ApiError, fetchApiBlob, httpFailure } from '@khel/web-kit';
import { WORDING, businessError, onBusinessOutcome, onHttpFailure, onNetworkFailure } from './api-client';
import { currentToken } from './auth/session';

/**
 * An authorised binary download (a deposit's full screenshot): `url` is a same-origin path the API
 * answered (e.g. /api/v1/deposit-screenshot/<id>). Failures toast and end sessions like apiRequest.
 * Its own module so it travels with the screens that show images, not with the first load.
 */
export async function apiBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = currentToken();
  const fetched = await fetchApiBlob(url, token, WORDING, options.signal).catch(onNetworkFailure);
  if ('blob' in fetched) return fetched.blob;
  const answer = fetched.failed;
  if (!answer.response.ok) throw onHttpFailure(httpFailure(answer, WORDING), answer.body, token);
  // A business answer (meta.code) instead of the image: same handling as any other call.
  if (answer.meta === undefined) throw new ApiError(answer.response.status, 0, WORDING.unexpected);
  onBusinessOutcome(answer.meta);
  throw businessError(answer.meta);
}
