import type { Location } from '@book-warehouse/types';

/** A location with the locations directly beneath it, in the order the server lists them. */
export interface TreeNode {
  location: Location;
  children: TreeNode[];
}

/** The forest of locations from the flat list (GET /locations); a location whose parent is missing stands as a root. */
export function buildTree(locations: readonly Location[]): TreeNode[] {
  const nodes = new Map(locations.map((location) => [location._id, { location, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.location.parentId ? nodes.get(node.location.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Whether a location's code or name holds the search text (any case). */
const matches = (location: Location, text: string) => {
  const needle = text.trim().toLowerCase();
  return !needle || location.code.toLowerCase().includes(needle) || location.name.toLowerCase().includes(needle);
};

/**
 * The tree cut down to the locations that match and the path above each (so a match is seen where it stands),
 * or the whole tree for an empty search.
 */
export function filterTree(roots: readonly TreeNode[], text: string): TreeNode[] {
  if (!text.trim()) return [...roots];
  return roots.flatMap((node) => {
    const children = filterTree(node.children, text);
    return matches(node.location, text) || children.length > 0 ? [{ location: node.location, children }] : [];
  });
}

/** One row of the tree as shown: its node, its level (1 for a root) and its parent's id. */
export interface VisibleRow {
  node: TreeNode;
  level: number;
  parentId?: string;
}

/** The rows shown, top to bottom: every root, and the children of each expanded node. */
export function visibleRows(roots: readonly TreeNode[], expanded: ReadonlySet<string>, level = 1, parentId?: string): VisibleRow[] {
  return roots.flatMap((node) => [
    { node, level, parentId },
    ...(expanded.has(node.location._id) ? visibleRows(node.children, expanded, level + 1, node.location._id) : []),
  ]);
}

/** The ids of every node with children: a search shows its matches with every level open. */
export const branchIds = (roots: readonly TreeNode[]): string[] =>
  roots.flatMap((node) => (node.children.length > 0 ? [node.location._id, ...branchIds(node.children)] : []));

/** The WAI-ARIA tree keys this tree answers (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/). */
export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End' | '*';

/** What a key does: move the focus to a row, and open or close rows. */
export interface TreeMove {
  focus?: string;
  open?: string[];
  close?: string;
}

/**
 * The tree pattern's keys as a pure function of the rows shown and the focused one: Down and Up move between
 * rows shown; Right opens a closed node, or goes to the first child of an open one; Left closes an open node,
 * or goes to the parent; Home and End go to the first and last row; * opens every sibling of the focused node.
 */
export function treeKey(rows: readonly VisibleRow[], expanded: ReadonlySet<string>, focusedId: string, key: TreeKey): TreeMove {
  const index = rows.findIndex((row) => row.node.location._id === focusedId);
  const row = rows[index];
  if (!row) return rows[0] ? { focus: rows[0].node.location._id } : {};
  const id = row.node.location._id;
  const branch = row.node.children.length > 0;
  switch (key) {
    case 'ArrowDown':
      return { focus: rows[Math.min(index + 1, rows.length - 1)]!.node.location._id };
    case 'ArrowUp':
      return { focus: rows[Math.max(index - 1, 0)]!.node.location._id };
    case 'Home':
      return { focus: rows[0]!.node.location._id };
    case 'End':
      return { focus: rows.at(-1)!.node.location._id };
    case 'ArrowRight':
      if (!branch) return {};
      return expanded.has(id) ? { focus: row.node.children[0]!.location._id } : { open: [id] };
    case 'ArrowLeft':
      if (branch && expanded.has(id)) return { close: id };
      return row.parentId ? { focus: row.parentId } : {};
    case '*':
      return {
        open: rows
          .filter((other) => other.parentId === row.parentId && other.node.children.length > 0)
          .map((other) => other.node.location._id),
      };
  }
}

/** Every location beneath a node, the node first, in tree order: a subtree's labels. */
export const subtreeOf = (node: TreeNode): Location[] => [node.location, ...node.children.flatMap(subtreeOf)];

/** The node of a location id in the forest. */
export function findNode(roots: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const node of roots) {
    if (node.location._id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
