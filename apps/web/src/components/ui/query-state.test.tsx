import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryView } from './query-state';

const view = (over: Partial<QueryView<string[]>>): QueryView<string[]> => ({ isError: false, error: null, data: undefined, ...over });

function List({ query }: { query: QueryView<string[]> }) {
  return (
    <QueryState query={query} loading="Loading names" empty="No names yet." errorAction={<button type="button">Back</button>}>
      {(names) => <p>{names.join(', ')}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows a named spinner until the answer arrives', () => {
    render(<List query={view({})} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading names');
  });

  it("shows the failure's message as an alert, with the way back", () => {
    render(<List query={view({ isError: true, error: new Error('Book not found') })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Book not found');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('says so when the list is empty', () => {
    render(<List query={view({ data: [] })} />);
    expect(screen.getByText('No names yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders the data once it is there', () => {
    render(<List query={view({ data: ['Ada', 'Alan'] })} />);
    expect(screen.getByText('Ada, Alan')).toBeInTheDocument();
  });
});
