import { setUpPageTests } from '@/testing/render-at';

export { renderAt, signIn } from '@/testing/render-at';

/** A test file's setup: the backups strings in English, a member of `orgRole` signed in before each test. */
export function setUpBackupTests(orgRole = 'owner'): void {
  setUpPageTests(['backups'], orgRole);
}
