import { setUpPageTests } from '@/testing/render-at';

export { renderAt, signIn } from '@/testing/render-at';

/** A test file's setup: the alerts strings in English, a member of `orgRole` signed in before each test. */
export function setUpAlertTests(orgRole = 'owner'): void {
  setUpPageTests(['alerts'], orgRole);
}
