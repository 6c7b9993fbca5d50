import { memo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useDeferredAnswer } from './use-deferred-answer';

let draws = 0;
const Part = memo(function Part({ answer }: { answer: { data: string; isPending: boolean } }) {
  draws++;
  return <p>{answer.data}</p>;
});

let setCount: (n: number) => void = () => {};
let setData: (d: string) => void = () => {};
function Page() {
  const [count, setCountState] = useState(0);
  const [data, setDataState] = useState('first');
  setCount = setCountState;
  setData = setDataState;
  // a new result object on every render, as TanStack Query gives
  const answer = useDeferredAnswer({ data, isPending: false, count }, ['data', 'isPending']);
  return <Part answer={answer} />;
}

describe('useDeferredAnswer', () => {
  afterEach(cleanup);

  it('draws the part again when a field it reads changes, not on every render of the page', async () => {
    render(<Page />);
    expect(screen.getByText('first')).toBeTruthy();
    const first = draws;
    await act(async () => setCount(1));
    await act(async () => setCount(2));
    expect(draws).toBe(first);
    await act(async () => setData('second'));
    expect(screen.getByText('second')).toBeTruthy();
    expect(draws).toBeGreaterThan(first);
  });
});
