import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme';
import { STORAGE_KEYS } from '@/config/storage-keys';

function Probe() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      {theme}
    </button>
  );
}

describe('ThemeProvider', () => {
  it('starts light, toggles the dark class on <html> and saves the choice', () => {
    document.documentElement.classList.remove('dark');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    act(() => screen.getByRole('button').click());
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('restores the saved theme', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});
