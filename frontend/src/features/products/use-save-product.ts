import { useNavigate } from 'react-router';
import { flashState } from '../../components/Alerts';
import type { ItemType } from '../../lib/models';
import { useMutation } from '../../lib/use-mutation';
import { productPath } from './paths';

/** Runs a save that answers the product, then opens the product's page with the success message. */
export function useSaveProduct(clientId: string, successMessage: string) {
  const navigate = useNavigate();
  const { run } = useMutation();
  return async (save: () => Promise<ItemType>) => {
    await run(async () => {
      const item = await save();
      navigate(productPath(clientId, item.upc), { state: flashState('success', successMessage) });
    });
  };
}
