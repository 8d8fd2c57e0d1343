"""Every function over a pandas Series, a numpy array and other iterables: the same container
back (a Series with its index and name, an array with its shape), each item as the single call
gives it, missing values passed through, and the work spread over the cores."""
import numpy
import pandas
import pytest

import u8scope

TEXTS = ['CafÃ©', 'РџСЂРёРІРµС‚', 'São Paulo', 'plain ascii', 'â€œquotedâ€\x9d', '']


def test_series_in_series_out():
    series = pandas.Series(TEXTS * 20, index=[f'row{i}' for i in range(120)], name='city')
    fixed = u8scope.fix_encoding(series)
    assert isinstance(fixed, pandas.Series)
    assert fixed.index.equals(series.index) and fixed.name == 'city'
    assert fixed.tolist() == [u8scope.fix_encoding(t) for t in series]
    assert fixed['row0'] == 'Café' and fixed['row2'] == 'São Paulo'


def test_series_of_bytes_for_every_function():
    data = pandas.Series([t.encode() for t in TEXTS] + [b'\xff\xc0\xaf'], index=range(10, 17))
    checked = u8scope.check(data)
    assert isinstance(checked, pandas.Series) and list(checked.index) == list(range(10, 17))
    assert [r.valid for r in checked] == [True] * 6 + [False]
    repaired = u8scope.repair(data)
    assert repaired[16] == ('\ufffd'.encode() * 3, repaired[16][1]) and len(repaired[16][1]) == 2
    assert [r[0] for r in repaired] == [u8scope.repair(d)[0] for d in data]
    assert [d.encoding for d in u8scope.detect(data)] == [u8scope.detect(d).encoding for d in data]
    latin = u8scope.transcode(data[:3], 'UTF-8', 'UTF-16LE')
    assert isinstance(latin, pandas.Series) and latin[10] == 'CafÃ©'.encode('utf-16-le')
    audited = u8scope.audit(pandas.Series(['a\u202eb', 'ok']), 'code')
    assert [len(a) for a in audited] == [2, 0]


def test_missing_values_pass_through():
    series = pandas.Series(['CafÃ©', None, numpy.nan, 'ok'])
    fixed = u8scope.fix_encoding(series)
    assert fixed[0] == 'Café' and fixed[1] is None and numpy.isnan(fixed[2]) and fixed[3] == 'ok'
    strings = pandas.Series(['CafÃ©', None], dtype='string')
    fixed = u8scope.fix_encoding(strings)
    assert fixed[0] == 'Café' and fixed[1] is pandas.NA
    assert u8scope.fix_encoding(['x', None]) == ['x', None]
    # A value of another type is still an error, not a missing value.
    with pytest.raises(TypeError, match='expected str, got int'):
        u8scope.fix_encoding(pandas.Series(['x', 3]))


def test_numpy_arrays_keep_their_shape():
    array = numpy.array(TEXTS, dtype=object).reshape(2, 3)
    fixed = u8scope.fix_encoding(array)
    assert isinstance(fixed, numpy.ndarray) and fixed.shape == (2, 3)
    assert fixed[0, 0] == 'Café' and fixed[0, 1] == 'Привет'
    unicode_array = numpy.array(TEXTS)            # dtype <U: items are numpy.str_
    assert u8scope.fix_encoding(unicode_array).tolist() == [u8scope.fix_encoding(t) for t in TEXTS]
    bytes_array = numpy.array([b'ok', b'\xc0\xaf'])  # dtype S
    assert [r.valid for r in u8scope.check(bytes_array)] == [True, False]
    pairs = u8scope.repair(numpy.array([b'a', b'b'], dtype=object))
    assert pairs.shape == (2,) and pairs[0] == (b'a', [])


def test_unchanged_strings_are_the_same_objects():
    text = 'São Paulo, nothing to change'
    assert u8scope.fix_encoding(text) is text
    assert u8scope.fix_encoding([text])[0] is text
    assert u8scope.fix_encoding('CafÃ©') == 'Café'


def test_many_items_in_order():
    # Enough items for every core to take batches; each must land in its own place.
    texts = [f'{i} CafÃ© {i}' if i % 3 else f'{i} plain' for i in range(20000)]
    fixed = u8scope.fix_encoding(texts)
    assert fixed == [f'{i} Café {i}' if i % 3 else f'{i} plain' for i in range(20000)]


def test_scope_line_judges_each_line_alone(tmp_path):
    text = 'ok line\nCafÃ© broken\nSão Paulo\n'
    assert u8scope.fix_encoding(text, scope='line') == 'ok line\nCafé broken\nSão Paulo\n'
    with pytest.raises(u8scope.Error, match="unknown scope 'file'"):
        u8scope.fix_encoding(text, scope='file')
