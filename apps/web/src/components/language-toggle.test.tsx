import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { LanguageToggle, toggleTarget } from './language-toggle';

describe('LanguageToggle', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterAll(async () => {
    await i18n.changeLanguage('fr');
  });

  it('in French it shows EN, is labelled in French, and one click switches to English', async () => {
    await i18n.changeLanguage('fr');
    render(<LanguageToggle />);
    const button = screen.getByRole('button', { name: 'Passer en anglais' });
    expect(button).toHaveTextContent('EN');
    await userEvent.click(button);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('button', { name: 'Switch to French' })).toHaveTextContent('FR');
  });

  it('works from the keyboard: Tab to it, Enter and Space toggle', async () => {
    await i18n.changeLanguage('en');
    render(<LanguageToggle />);
    await userEvent.tab();
    expect(screen.getByTestId('language-toggle')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(i18n.resolvedLanguage).toBe('fr');
    await userEvent.keyboard(' ');
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('from a third language it goes to English, as the button says', async () => {
    await i18n.changeLanguage('de');
    render(<LanguageToggle />);
    const button = screen.getByRole('button', { name: 'Zu Englisch wechseln' });
    expect(button).toHaveTextContent('EN');
    await userEvent.click(button);
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('toggleTarget: fr ⇄ en, anything else → en', () => {
    expect(toggleTarget('fr')).toBe('en');
    expect(toggleTarget('en')).toBe('fr');
    for (const lng of ['es', 'it', 'de', 'pt', 'zh', 'ja', 'ar', undefined]) expect(toggleTarget(lng)).toBe('en');
  });
});
