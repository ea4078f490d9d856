import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Files of logic alone run in Node (`// @vitest-environment node`: no DOM to set up, a second and more each).
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
});
