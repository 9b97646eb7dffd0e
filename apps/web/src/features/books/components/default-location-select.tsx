import type { ComponentProps } from 'react';
import { LocationSelect } from '../../../components/ui/location-fields';

/** The book forms' choice of the book's default location (where receives without a location go); '' is none. */
export function DefaultLocationSelect(props: Omit<ComponentProps<typeof LocationSelect>, 'label' | 'none'>) {
  return <LocationSelect label="Default location" none="None (receive at RECEIVING)" {...props} />;
}
