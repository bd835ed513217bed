import pytest

from bot.tournament.seed import SEED_BYTES, BadSeedError, DrawSeed, new_seed

ZERO_SEED = new_seed(bytes(SEED_BYTES))
ZERO_COMMITMENT = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"  # sha256 of 32 zero bytes


def test_commitment_is_the_sha256_of_the_seed_bytes() -> None:
    assert ZERO_SEED.commitment == ZERO_COMMITMENT
    assert ZERO_SEED.matches(ZERO_COMMITMENT.upper())
    assert not new_seed(bytes(range(SEED_BYTES))).matches(ZERO_COMMITMENT)


def test_hex_round_trip() -> None:
    seed = new_seed(bytes(range(SEED_BYTES)))
    assert DrawSeed.from_hex(seed.hex) == seed
    assert len(seed.hex) == 2 * SEED_BYTES


@pytest.mark.parametrize("text", ["", "zz" * SEED_BYTES, "00" * (SEED_BYTES - 1), "00" * (SEED_BYTES + 1)])
def test_bad_seeds(text: str) -> None:
    with pytest.raises(BadSeedError):
        DrawSeed.from_hex(text)


@pytest.mark.parametrize("length", [0, 16, 64])
def test_new_seed_wants_exactly_32_bytes(length: int) -> None:
    with pytest.raises(ValueError):
        new_seed(bytes(length))


def test_streams_are_reproducible_and_independent() -> None:
    assert ZERO_SEED.stream(b"pairing").random() == ZERO_SEED.stream(b"pairing").random()
    assert ZERO_SEED.stream(b"pairing").random() != ZERO_SEED.stream(b"bracket").random()
    assert ZERO_SEED.stream(b"pairing").random() != new_seed(b"\x01" * SEED_BYTES).stream(b"pairing").random()
