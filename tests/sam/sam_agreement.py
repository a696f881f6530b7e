"""The one comparison the Sâm differential tests share: does a batch game equal a reference game, field for field
(:func:`cardodds.sim.sam.conformance_parts.agree`, which the player checks use too)."""

from cardodds.sim.sam.conformance_parts import agree

__all__ = ["agree"]
