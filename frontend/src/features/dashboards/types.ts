/** The dashboards' answers (spec part 3, §3 'Dashboard responses'). */

export interface WarehouseSummary {
  warehouse: string;
  pending: number;
  will_ship_today: number;
  shipped_today: number;
}

export interface OrderAlerts {
  invalid_address: number;
  fraud_approval_required: number;
  groups_require_approval: number;
  missing_customs_info: number;
  shipments_missing_inventory: number;
}

export interface StatusCount {
  warehouse: string;
  status: string;
  count: number;
}

export interface OrdersDashboardData {
  orders_per_warehouse_summary: WarehouseSummary[];
  order_alerts: OrderAlerts;
  orders_status_per_warehouse: StatusCount[];
}

export interface ShipmentsDashboardData {
  shipments_aggregate_statistics: {
    average_zones: number | null;
    zones: { zone: number; shipments: number }[];
    average_weight: number | null;
    average_transit_time: number | null;
  };
  shipments_by_destination_state: { state: string; shipments: number }[];
}
