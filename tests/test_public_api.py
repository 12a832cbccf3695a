import citecheck


def test_all_is_sorted_and_importable() -> None:
    assert citecheck.__all__ == sorted(citecheck.__all__)
    for name in citecheck.__all__:
        assert getattr(citecheck, name) is not None, name


def test_every_error_derives_from_the_root() -> None:
    errors = [getattr(citecheck, n) for n in citecheck.__all__ if n.endswith("Error")]
    assert len(errors) >= 8
    for error in errors:
        assert issubclass(error, citecheck.CitecheckError)


def test_package_is_typed() -> None:
    from importlib.resources import files

    assert files("citecheck").joinpath("py.typed").is_file()
