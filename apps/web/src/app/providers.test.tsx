import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { AppProviders } from './providers';

describe('AppProviders', () => {
  it('mounts no toaster for the first render, then shows a toast raised before sonner was loaded', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();
    act(() => toast.success('Host added'));
    expect(await screen.findByText('Host added')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });
});
