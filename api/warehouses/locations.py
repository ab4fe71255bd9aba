"""The provider's warehouses, by code: reference data every feature may use.

Stock is held, received and shipped per warehouse (a "location" in the inventory ledger); the
codes are the ones the spec and the clients' files use.
"""
LOCATIONS = ("CA01", "NJ01", "TX01", "BC01", "IL01", "NJ03", "CA02", "TX02")
