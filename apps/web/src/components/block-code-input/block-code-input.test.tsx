import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockCodeInput, blockSizes, splitIntoBlocks } from './block-code-input';

function Harness({
  onChange,
  length = 6,
  blocks,
}: {
  onChange?: (v: string) => void;
  length?: number;
  blocks?: number;
}) {
  const [value, setValue] = useState('');
  return (
    <>
      <BlockCodeInput
        length={length}
        blocks={blocks}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        label="One-time password"
        getInputLabel={(position, count) => `OTP digit ${position} of ${count}`}
      />
      <output aria-label="joined">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const digit = (n: number, of = 6) => screen.getByLabelText<HTMLInputElement>(`OTP digit ${n} of ${of}`);

describe('BlockCodeInput (spec §5)', () => {
  it('splits the total length into equal blocks', () => {
    expect(blockSizes(6, 6)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(blockSizes(12, 3)).toEqual([4, 4, 4]);
    expect(splitIntoBlocks('1234a5678', [4, 4])).toEqual(['1234', '5678']);
  });

  it('labels the group and every input; one-time-code autocomplete on the first only', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'One-time password' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(digit(2)).toHaveAttribute('autocomplete', 'off');
    expect(digit(1)).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes another autocomplete for every block (not a one-time code)', () => {
    render(<BlockCodeInput length={12} blocks={3} onChange={() => {}} label="Number" autoComplete="off" />);
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('takes digits only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(digit(1));
    await user.keyboard('a');
    expect(digit(1)).toHaveValue('');
    expect(digit(1)).toHaveFocus();
    await user.keyboard('7');
    expect(digit(1)).toHaveValue('7');
  });

  it('moves on when a block is full and reports the joined value', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(digit(1));
    await user.keyboard('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => digit(n).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(digit(6)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(screen.getByLabelText('joined')).toHaveTextContent('123456');
  });

  it('Backspace on an empty block goes to the previous block', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(digit(1));
    await user.keyboard('12');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveValue('');
    expect(screen.getByLabelText('joined')).toHaveTextContent(/^1$/);
    await user.keyboard('{Backspace}');
    expect(digit(1)).toHaveFocus();
  });

  it('a pasted code fills all blocks', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(digit(3));
    await user.paste('98 76-54');
    expect([1, 2, 3, 4, 5, 6].map((n) => digit(n).value)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(onChange).toHaveBeenLastCalledWith('987654');
    expect(digit(6)).toHaveFocus();
  });

  it('an autofilled code in the first block spreads over all blocks', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    // Browsers report autofill as an input event.
    fireEvent.input(digit(1), { target: { value: '246810' } });
    expect(onChange).toHaveBeenLastCalledWith('246810');
    expect(digit(6)).toHaveValue('0');
  });

  it('typing over a filled block replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(digit(1));
    await user.keyboard('123456');
    await user.click(digit(2));
    await user.keyboard('9');
    expect(digit(2)).toHaveValue('9');
    expect(digit(3)).toHaveFocus();
    expect(screen.getByLabelText('joined')).toHaveTextContent('193456');
  });

  it('follows a reset of the value from outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(digit(1));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect([1, 2, 3, 4].map((n) => digit(n).value)).toEqual(['', '', '', '']);
  });

  it('works with multi-digit blocks (12 digits in 3 blocks)', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <BlockCodeInput
        length={12}
        blocks={3}
        onChange={onChange}
        label="Aadhaar number"
        getInputLabel={(p, c) => `Aadhaar block ${p} of ${c}`}
      />,
    );
    const first = screen.getByLabelText('Aadhaar block 1 of 3');
    await user.click(first);
    await user.keyboard('12345678');
    expect(first).toHaveValue('1234');
    expect(screen.getByLabelText('Aadhaar block 2 of 3')).toHaveValue('5678');
    expect(screen.getByLabelText('Aadhaar block 3 of 3')).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('12345678');
  });
});
