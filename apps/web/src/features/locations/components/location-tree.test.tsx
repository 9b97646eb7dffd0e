import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testLocation } from '../../../test/fixtures';
import { LocationTree } from './location-tree';

const id = (n: number) => `64b0000000000000000000${String(n).padStart(2, '0')}`;
// Warehouse > Zone A > Shelf A-1, Shelf A-2; Receiving.
const warehouse = testLocation({ _id: id(1), code: 'WH', name: 'Warehouse', holdsStock: false, childCount: 1, subtreeQuantity: 12 });
const zone = testLocation({
  _id: id(2),
  code: 'A',
  name: 'Zone A',
  parentId: id(1),
  ancestorIds: [id(1)],
  childCount: 2,
  subtreeQuantity: 12,
});
const shelf1 = testLocation({
  _id: id(3),
  code: 'A-1',
  name: 'Shelf A-1',
  parentId: id(2),
  ancestorIds: [id(1), id(2)],
  quantity: 5,
  subtreeQuantity: 5,
});
const shelf2 = testLocation({
  _id: id(4),
  code: 'A-2',
  name: 'Shelf A-2',
  parentId: id(2),
  ancestorIds: [id(1), id(2)],
  quantity: 7,
  subtreeQuantity: 7,
});
const receiving = testLocation({ _id: id(5), code: 'RECEIVING', name: 'Receiving', quantity: 3, subtreeQuantity: 3 });
const locations = [warehouse, zone, shelf1, shelf2, receiving];

const item = (name: RegExp) => screen.getByRole('treeitem', { name });

function renderTree() {
  const onSelect = vi.fn();
  render(<LocationTree locations={locations} onSelect={onSelect} />);
  return { onSelect, user: userEvent.setup() };
}

describe('LocationTree, by keyboard (WAI-ARIA tree pattern)', () => {
  it('takes one Tab stop, and the arrows move, open and close rows', async () => {
    const { user } = renderTree();
    // The search box, then the tree.
    await user.tab();
    await user.tab();
    expect(item(/^Warehouse/)).toHaveFocus();
    expect(item(/^Warehouse/)).toHaveAttribute('aria-expanded', 'true');
    // The roots start open, their children closed.
    expect(item(/^Zone A/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^Shelf A-1/ })).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(item(/^Zone A/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item(/^Zone A/)).toHaveAttribute('aria-expanded', 'true');
    expect(item(/^Zone A/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item(/^Shelf A-1/)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item(/^Receiving/)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item(/^Shelf A-2/)).toHaveFocus();
    // Left on a leaf goes to its parent; Left on an open node closes it.
    await user.keyboard('{ArrowLeft}');
    expect(item(/^Zone A/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item(/^Zone A/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /^Shelf A-2/ })).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(item(/^Receiving/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item(/^Warehouse/)).toHaveFocus();
    expect(screen.getAllByRole('treeitem').filter((row) => row.tabIndex === 0)).toHaveLength(1);
  });

  it('opens the focused location with Enter, and shows each subtree total', async () => {
    const { user, onSelect } = renderTree();
    expect(item(/^Warehouse \(WH\) 12 copies/)).toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(zone);
  });

  it('says Hidden, with the reason, for a total a blind count hides, not a figure', () => {
    const hidden = { subtreeQuantity: null, hidden: 'Hidden during a blind count' };
    render(<LocationTree locations={[{ ...warehouse, ...hidden }, zone, shelf1, shelf2, receiving]} onSelect={vi.fn()} />);
    // Its own total is the word and the reason; the 12 copies of the zone beneath it are the zone's row.
    expect(item(/^Warehouse \(WH\) Hidden ?: Hidden during a blind count Zone A \(A\) 12 copies$/)).toBeInTheDocument();
    expect(item(/^Receiving \(RECEIVING\) 3 copies/)).toBeInTheDocument();
  });

  it('keeps the matches of a search and the path above them, every level open', async () => {
    const { user } = renderTree();
    await user.type(screen.getByLabelText('Find a location (code or name)'), 'a-2');
    // Each row is named by its own text (a branch's name goes on with the rows inside it).
    const rows = screen.getAllByRole('treeitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAccessibleName(expect.stringMatching(/^Warehouse \(WH\) 12 copies Zone A/));
    expect(rows[1]).toHaveAccessibleName(expect.stringMatching(/^Zone A \(A\) 12 copies Shelf A-2/));
    expect(rows[2]).toHaveAccessibleName('Shelf A-2 (A-2) 7 copies');
  });
});
