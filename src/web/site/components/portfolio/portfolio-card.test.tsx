import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { portfolio } from '../../../../content/portfolio';
import { PortfolioCard } from './portfolio-card';

describe('portfolio content', () => {
  it('has the four items, each with exactly four features', () => {
    expect(portfolio.map((item) => item.category)).toEqual(['스포츠', '교육', '비즈니스', '여행']);
    for (const item of portfolio) expect(item.features).toHaveLength(4);
  });
});

describe('PortfolioCard', () => {
  it.each(portfolio.map((item) => [item.title, item] as const))(
    '%s: title, category, first two features and +2',
    (_title, item) => {
      render(<PortfolioCard item={item} onOpen={() => {}} onIntent={() => {}} />);
      const button = screen.getByRole('button');
      expect(button.textContent).toContain(item.title);
      expect(button.textContent).toContain(item.category);
      const features = within(screen.getByTestId('card-features'));
      expect(features.getByText(item.features[0])).toBeTruthy();
      expect(features.getByText(item.features[1])).toBeTruthy();
      expect(features.queryByText(item.features[2])).toBeNull();
      expect(features.queryByText(item.features[3])).toBeNull();
      expect(features.getByText('+2')).toBeTruthy();
    },
  );

  it.each(portfolio.map((item) => [item.title, item] as const))(
    '%s: shows a still of its own demo, sized and loaded lazily',
    (_title, item) => {
      const { container } = render(<PortfolioCard item={item} onOpen={() => {}} onIntent={() => {}} />);
      const image = container.querySelector('img')!;
      expect(image.getAttribute('src')).toBe(item.cardImageUrl);
      expect(image.getAttribute('srcset')).toContain(`${item.posterUrl} 960w`);
      expect(image.getAttribute('loading')).toBe('lazy');
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['640', '400']);
      expect(image.getAttribute('alt')).toBe(''); // the card's text names the product; the still adds no words
    },
  );

  it('is a button that opens its item, and warms up the dialog code on focus', () => {
    const onOpen = vi.fn();
    const onIntent = vi.fn();
    render(<PortfolioCard item={portfolio[2]!} onOpen={onOpen} onIntent={onIntent} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.focus(button);
    expect(onIntent).toHaveBeenCalled();
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(portfolio[2]);
  });
});
