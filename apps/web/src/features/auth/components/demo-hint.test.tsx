import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { DemoHint } from './demo-hint';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('auth');
});
afterEach(() => vi.unstubAllGlobals());

describe('DemoHint', () => {
  it('names the demo account when the portal runs its demo', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ email: 'demo@proxai.local' }), { status: 200 })),
    );
    render(<DemoHint />);
    expect(await screen.findByTestId('demo-hint')).toHaveTextContent('sign in by e-mail with demo@proxai.local');
  });

  it('shows nothing when there is no demo', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ detail: 'Demo not found', code: 'not_found' }), { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<DemoHint />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('demo-hint')).toBeNull();
  });
});
