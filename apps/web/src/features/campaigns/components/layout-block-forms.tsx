import { COLUMN_COUNTS, LAYOUT_TEXTS, spacerHeight, SPACER_HEIGHT } from '@postlark/shared/layout-blocks';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { LAYOUT_EDITOR_TEXTS } from '../layout-texts';

// The Columns and Spacer dialogs' forms (issue 33), inside BlockDialog like the content blocks'.

const COUNTS = Array.from({ length: COLUMN_COUNTS.max - COLUMN_COUNTS.min + 1 }, (_, index) => COLUMN_COUNTS.min + index);

export function ColumnsForm({ onInsert, onClose }: { onInsert(count: number): void; onClose(): void }) {
  const [count, setCount] = useState<number>(COLUMN_COUNTS.min);
  return (
    <form
      className="campaign-dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onInsert(count);
      }}
    >
      <p className="campaign-card__text">Side by side on a computer; on a phone they stack, the first on top.</p>
      <fieldset className="block-dialog__choices">
        <legend>{LAYOUT_EDITOR_TEXTS.columnCount}</legend>
        {COUNTS.map((option) => (
          <label key={option} className="block-dialog__choice">
            <input type="radio" name="columns" value={option} checked={count === option} onChange={() => setCount(option)} />
            {LAYOUT_TEXTS.columns(option)}
          </label>
        ))}
      </fieldset>
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">{LAYOUT_EDITOR_TEXTS.insertColumns}</Button>
      </div>
    </form>
  );
}

export function SpacerForm({ onInsert, onClose }: { onInsert(height: number): void; onClose(): void }) {
  const [height, setHeight] = useState(String(SPACER_HEIGHT.initial));
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(height);
    // Said, not clamped: a height typed out of range would otherwise change without a word.
    if (!Number.isInteger(value) || spacerHeight(height) !== value) {
      setError(`Enter a whole number of pixels from ${SPACER_HEIGHT.min} to ${SPACER_HEIGHT.max}.`);
      return;
    }
    onInsert(value);
  }

  return (
    <form className="campaign-dialog-form" noValidate onSubmit={submit}>
      <p className="campaign-card__text">Empty space between blocks, the same height in every mail client.</p>
      <TextField
        label={LAYOUT_EDITOR_TEXTS.spacerHeight}
        type="number"
        inputMode="numeric"
        min={SPACER_HEIGHT.min}
        max={SPACER_HEIGHT.max}
        step={4}
        value={height}
        onChange={(event) => setHeight(event.target.value)}
        error={error || undefined}
      />
      <div className="campaign-dialog-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">{LAYOUT_EDITOR_TEXTS.insertSpacer}</Button>
      </div>
    </form>
  );
}
