import { csvCell, csvRow, unguardCell } from './csv';

describe('csvCell', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '\uFF1D1+1',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
    '\u200B=1+1',
    '\uFEFF=1+1',
    ' =1+1',
    "|cmd '/C calc'!A0",
    '%0A=1',
  ])('neutralises a formula-like text %j, and unguardCell gives it back', (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(unguardCell(cell.replace(/^"|"$/g, '').replaceAll('""', '"'))).toBe(text);
  });

  it.each(['plain', 'Dune', '1984', "'quoted", '50% off', 'a=b'])('leaves %j as it is, and unguardCell too', (text) => {
    expect(csvCell(text)).toBe(text);
    expect(unguardCell(text)).toBe(text);
  });

  it('writes numbers, negative ones included, and empty cells as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 1, '=x'])).toBe("a,1,'=x\r\n");
  });
});
