import { apiRequest } from '../api-client';
import { currentToken, endSession } from './session';

/**
 * Revokes the token on the server, then forgets it here whatever the answer: an operator who clicks
 * "Log out" on a flaky network must still end up logged out on this screen.
 */
export async function logout(token: string | null = currentToken()): Promise<void> {
  if (token !== null) {
    try {
      await apiRequest<null>('/logout', { method: 'POST', body: {}, token });
    } catch {
      /* the token is dropped below either way */
    }
  }
  if (token === currentToken()) endSession();
}
