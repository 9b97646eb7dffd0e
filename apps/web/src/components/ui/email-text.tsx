import { Fragment } from 'react';

/**
 * An e-mail address that wraps only before its '@' and its dots, never inside a word: a narrow column shows
 * 'erin.staff' / '@example' / '.com' rather than cutting a name in two.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    // break-word, not anywhere: a table sizes the column to the longest part, so it never squeezes a part in two.
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
