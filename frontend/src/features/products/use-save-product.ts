import { useNavigate } from 'react-router';
import { flashState } from '../../components/Alerts';
import type { ItemType } from '../../lib/models';
import { productPath } from './paths';

/**
 * Runs a save that answers the product, then opens the product's page with the success message. A
 * refusal is left to the form's hook (lib/use-form), which shows it and marks the fields it names.
 */
export function useSaveProduct(clientId: string, successMessage: string) {
  const navigate = useNavigate();
  return async (save: () => Promise<ItemType>) => {
    const item = await save();
    navigate(productPath(clientId, item.upc), { state: flashState('success', successMessage) });
  };
}
