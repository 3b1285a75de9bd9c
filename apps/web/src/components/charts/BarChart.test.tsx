import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

describe('BarChart', () => {
  it('gives screen readers the figures as a table and scales the bars to the largest value', () => {
    const { container } = render(
      <BarChart
        title="近 7 日登录次数"
        valueLabel="登录次数"
        layout="rows"
        data={[
          { label: '研发部', value: 4 },
          { label: '市场部', value: 2 },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: '近 7 日登录次数' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '研发部' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2' })).toBeTruthy();
    const widths = Array.from(container.querySelectorAll<HTMLElement>('li [style*="width"]')).map(
      (bar) => bar.style.width,
    );
    expect(widths).toEqual(['100%', '50%']);
  });

  it('says when there is nothing to draw', () => {
    render(<BarChart title="各部门用户数" valueLabel="用户数" data={[]} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});
