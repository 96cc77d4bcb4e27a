import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { HorizontalBarChart } from './horizontal-bar-chart';
import { LineChart, linePath } from './line-chart';

const heightOf = (element: Element) => Number(element.getAttribute('height'));
const widthOf = (element: Element) => Number(element.getAttribute('width'));
const bottomOf = (element: Element) => Number(element.getAttribute('y')) + heightOf(element);

describe('BarChart', () => {
  const data = [
    { day: 'Mon', read: 1, books: 0 },
    { day: 'Tue', read: 2, books: 1 },
    { day: 'Wed', read: 4, books: 2 },
  ];

  it('draws a bar per datum, its height in proportion to its value, all standing on the same line', () => {
    const { container } = render(
      <BarChart data={data} dataKey="day" series={[{ name: 'read', color: 'indigo.6' }]} height={200} />,
    );
    const bars = [...container.querySelectorAll('rect[data-series="read"]')];
    expect(bars).toHaveLength(3);
    const [mon, tue, wed] = bars.map(heightOf) as [number, number, number];
    expect(mon).toBeGreaterThan(0);
    expect(tue / mon).toBeCloseTo(2);
    expect(wed / mon).toBeCloseTo(4);
    expect(new Set(bars.map(bottomOf)).size).toBe(1);
    expect(bars[0]).toHaveStyle({ fill: 'var(--mantine-color-indigo-6)' });
  });

  it('puts each series side by side in every category, with a legend naming them', () => {
    const { container } = render(
      <BarChart
        data={data}
        dataKey="day"
        integer
        series={[
          { name: 'read', label: 'Minutes read', color: 'indigo.5' },
          { name: 'books', label: 'Books finished', color: 'teal.7' },
        ]}
        height={200}
      />,
    );
    expect(container.querySelectorAll('rect[data-series="read"]')).toHaveLength(3);
    const books = [...container.querySelectorAll('rect[data-series="books"]')];
    // A zero is still a bar, of no height: the table beside it counts the same days.
    expect(books.map(heightOf)[0]).toBe(0);
    expect(books.map(heightOf)[2]! / books.map(heightOf)[1]!).toBeCloseTo(2);
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Minutes read',
      'Books finished',
    ]);
    // Whole numbers on a count's axis, each category named under its bars.
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['0', '1', '2', '3', '4', 'Mon', 'Tue', 'Wed']));
    expect(texts.some((text) => text?.includes('.'))).toBe(false);
  });

  it('draws no legend for a single series', () => {
    const { container } = render(
      <BarChart data={data} dataKey="day" series={[{ name: 'read', color: 'indigo.6' }]} height={200} />,
    );
    expect(container.querySelector('ul')).toBeNull();
  });
});

describe('HorizontalBarChart', () => {
  it('draws bars as long as their values, each labelled with it, and a labelled reference line', () => {
    const { container } = render(
      <HorizontalBarChart
        bars={[
          { name: 'The Kite Festival', value: 50, color: 'indigo.6' },
          { name: 'Penguins: Built for the Cold', value: 100, color: 'green.8' },
        ]}
        domain={[0, 100]}
        format={(value) => `${value}%`}
        referenceLines={[{ value: 80, color: 'green.9', label: 'Pass' }]}
      />,
    );
    const bars = [...container.querySelectorAll('rect[data-bar]')];
    expect(bars.map((bar) => bar.getAttribute('data-bar'))).toEqual([
      'The Kite Festival',
      'Penguins: Built for the Cold',
    ]);
    expect(widthOf(bars[1]!) / widthOf(bars[0]!)).toBeCloseTo(2);
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['50%', '100%', 'Pass', '0%', '25%', '75%']));
  });
});

describe('LineChart', () => {
  it('draws a dot per point and the shaded bands behind, each named', () => {
    const { container } = render(
      <LineChart
        data={[
          { day: '21 Sept', lexile: 440 },
          { day: '30 Oct', lexile: 523 },
        ]}
        dataKey="day"
        series={[{ name: 'lexile', color: 'indigo.7' }]}
        height={280}
        unit="L"
        valueDomain={[390, 590]}
        valueTicks={[390, 440, 490, 540, 590]}
        referenceAreas={[
          { from: 440, to: 490, color: '#C8A27A', label: 'Tan band' },
          { from: 490, to: 540, color: '#9ACD32', label: 'Lime band' },
        ]}
      />,
    );
    const dots = [...container.querySelectorAll('[data-series="lexile"] circle')];
    expect(dots).toHaveLength(2);
    // The higher value is drawn higher up: SVG's y runs downwards.
    expect(Number(dots[1]!.getAttribute('cy'))).toBeLessThan(Number(dots[0]!.getAttribute('cy')));
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(
      expect.arrayContaining(['Tan band', 'Lime band', '390L', '590L', '21 Sept', '30 Oct']),
    );
  });

  it('reaches a goal line above every point', () => {
    const { container } = render(
      <LineChart
        data={[
          { day: '1 Sep', WCPM: 40 },
          { day: '8 Sep', WCPM: 50 },
        ]}
        dataKey="day"
        series={[{ name: 'WCPM', color: 'teal.8' }]}
        height={220}
        referenceLines={[{ value: 90, color: 'green.9', label: 'WCPM goal 90' }]}
      />,
    );
    const texts = [...container.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['WCPM goal 90', '100']));
  });
});

describe('linePath', () => {
  it('slopes from point to point, or holds each value until the next for steps', () => {
    const points = [
      [0, 10],
      [5, 20],
      [10, 15],
    ] as const;
    expect(linePath(points, 'linear')).toBe('M0,10L5,20L10,15');
    expect(linePath(points, 'step')).toBe('M0,10H5V20H10V15');
  });
});
