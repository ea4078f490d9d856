import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpBackupTests } from '../testing/render';
import { RtoSparkline, sparklinePoints } from './rto-sparkline';

describe('RtoSparkline', () => {
  setUpBackupTests();

  it('draws the oldest RTO at the start, the highest at the top and the lowest at the bottom', () => {
    const points = sparklinePoints([60, 120, 90], 96, 24)
      .split(' ')
      .map((p) => p.split(',').map(Number));
    expect(points.map(([x]) => x)).toEqual([2, 48, 94]);
    expect(points[1]![1]).toBe(2);
    expect(points[0]![1]).toBe(22);
    expect(points[2]![1]).toBe(12);
    expect(sparklinePoints([30, 30], 96, 24)).toBe('2.0,12.0 94.0,12.0');
  });

  it('says the trend in words for screen readers, and a dash without passed tests', () => {
    const { rerender } = render(
      <RtoSparkline
        trend={[
          { at: '2026-01-05T00:00:00Z', rto_seconds: 80 },
          { at: '2026-01-12T00:00:00Z', rto_seconds: 65 },
        ]}
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'RTO of the passed tests (2): from 1 min 20 s to 1 min 5 s, at most 1 min 20 s',
    );
    rerender(<RtoSparkline trend={[]} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
