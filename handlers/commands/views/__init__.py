"""Commands of one area: views (the live pages' links, the printed paperwork)."""
