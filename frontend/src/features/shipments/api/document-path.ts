import { shipmentPath } from './shipment-path';

export function documentsPath(shipmentId: number) {
  return `${shipmentPath(shipmentId)}/documents`;
}

export function customLabelPath(shipmentId: number) {
  return `${shipmentPath(shipmentId)}/custom_label`;
}
