import { apiCall } from '@/lib/api-client';
import type { SignInAnswer } from './sign-in-answer';

/** The administrator's password: the session, or (always for administrators) the second step. */
export async function adminLogin(email: string, password: string): Promise<SignInAnswer> {
  return apiCall('POST', '/auth/admin-login', { body: { email, password }, skipUnauthorizedHandler: true });
}
