"""A competition in several venues: a venue's file, and the bundles by which venues exchange
what they played (D5.1, D1.2)."""
